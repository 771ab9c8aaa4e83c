/**
 * What the benchmarks read about a process from Linux's /proc, and the one percentile rule they
 * quote figures with.
 */
import fs from 'node:fs';

/** A process's /proc status, or '' once it exited. */
function status(pid: number | undefined): string {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

/** CPU seconds (user + system) a process has used so far, or undefined once it exited. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name, which may hold spaces: utime and stime are fields 14 and 15, in
    // clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) of each thread of a process so far, summed by thread name (`node`
 * for the main thread, V8's and libuv's workers by theirs); empty once it exited.
 */
export function threadCpuSeconds(pid: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat
        .slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        .replace(/[\d#]+$/, '')
        .trim();
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = tid === String(pid) ? 'main' : name;
      byName.set(key, (byName.get(key) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the thread ended
    }
  }
  return byName;
}

/** Resident memory of a process now (VmRSS), in MB; 0 once it exited. */
export function residentMb(pid: number | undefined): number {
  return Number(/VmRSS:\s+(\d+)/.exec(status(pid))?.[1] ?? 0) / 1024;
}

/**
 * Peak resident memory of a process (VmHWM) and the CPU time it used from now on (to the last
 * poll: a standby's loading before the build is left out), polled until it exits.
 */
export function watchProcess(pid: number | undefined): () => { peakMb: number; cpuS: number } {
  let peakKb = 0;
  const cpu0 = cpuSeconds(pid) ?? 0;
  let cpu = cpu0;
  const read = () => {
    peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status(pid))?.[1] ?? 0));
    cpu = cpuSeconds(pid) ?? cpu;
  };
  const timer = setInterval(read, 50);
  return () => {
    clearInterval(timer);
    return { peakMb: Math.round(peakKb / 1024), cpuS: cpu - cpu0 };
  };
}

/** The value below which a share `p` (0–1) of the values lie (nearest rank); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
