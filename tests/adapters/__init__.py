"""Tests of the framework adapters (OpenSpiel, PettingZoo, Gymnasium) and of the tensors."""
