"""The `agora` commands; `controller.cli` runs them, `controller.backends` opens their board."""
