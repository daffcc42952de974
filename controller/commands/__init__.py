"""The `agora` commands; `controller.cli` runs them and gives them their board."""
