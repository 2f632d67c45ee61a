"""Generated from protos/ by `make proto`. Do not edit."""
