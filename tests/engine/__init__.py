"""Tests of the rules engine, one module per rulebook section plus properties."""
