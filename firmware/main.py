# Runs at power-up on the Pico. For two seconds Ctrl-C (mpremote) can still stop it; after that only a STOP frame
# from the host does (README.md, "Updating the firmware").
from agora_fw import app

app.main()
