"""Shared pieces every feature package may use and none of them owns."""
