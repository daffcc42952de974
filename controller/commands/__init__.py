"""The `agora` commands; `controller.cli.main` runs them and hands the ones that open a board their opener
(controller.boards)."""
