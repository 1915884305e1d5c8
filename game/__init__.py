"""Newmarket: the classic British stops game, played against AI characters."""
