# Runs at power-up on the Pico. For two seconds a Ctrl-C (mpremote) still stops it, unless the Pi has already
# spoken; after that only a STOP frame from the host does (README.md, "Updating the firmware").
from agora_fw import app

app.main()
