// Runs a Python file under real MicroPython (the WebAssembly port from npm, installed by `make` into
// .micropython/), with the firmware's agora_fw package on its path:
//   node tests/firmware/micropython_run.mjs MODULE_DIR FIRMWARE_DIR SCRIPT
// The script's printed output goes to stdout; an uncaught Python exception exits with status 1.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";

const [moduleDir, firmwareDir, script] = process.argv.slice(2);
const require = createRequire(join(resolve(moduleDir), "package.json"));
const { loadMicroPython } = await import(require.resolve("@micropython/micropython-webassembly-pyscript"));

let out = "";
const mp = await loadMicroPython({
  heapsize: 16 * 1024 * 1024,
  stdout: (line) => { out += line + "\n"; },
  stderr: (line) => { process.stderr.write(line + "\n"); },
});
mp.FS.mkdir("/lib");
mp.FS.mkdir("/lib/agora_fw");
for (const name of readdirSync(join(firmwareDir, "agora_fw"))) {
  if (name.endsWith(".py")) {
    mp.FS.writeFile(`/lib/agora_fw/${name}`, readFileSync(join(firmwareDir, "agora_fw", name)));
  }
}
mp.FS.writeFile("/lib/scenario.py", readFileSync(script));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\nimport scenario\nscenario.main()");
} catch (error) {
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}
process.stdout.write(out);
