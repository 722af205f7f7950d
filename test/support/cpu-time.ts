/**
 * The CPU time (user and system, every thread of this process) spent since `since`, a
 * `process.cpuUsage()` taken before the work, in milliseconds. A linear-time bound measured this way
 * holds however busy the machine is: the clock also counts the time other processes held the cores,
 * which on a two-core CI machine running suites side by side is most of it.
 */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}
