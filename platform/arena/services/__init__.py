"""Domain operations as plain functions: no Flask request objects; each one commits its work."""
