/** A bench option: `--flag value` on the command line, else the environment variable, else the fallback. */
export function option(flag, envName, fallback) {
  const i = process.argv.indexOf(flag);
  if (i !== -1 && process.argv[i + 1] !== undefined) return process.argv[i + 1];
  return process.env[envName] ?? fallback;
}
