"""The expert: determinized Monte Carlo search over the rest of the deal.

`knowledge` reads what the public record says about where unseen cards can be,
`sampling` deals them out consistently with it, `rollout` plays a deal to its end
fast, and `search` compares the choices on the same sampled deals.
"""
