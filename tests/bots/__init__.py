"""Tests of the bots and the simulator."""
