/**
 * Where the server benchmarks run their servers and load generator, and the
 * inter-processor interrupts (IPIs) that tell why it matters.
 *
 * On loopback a server's reply is delivered into the client's socket by the
 * server's own `writev` (the kernel's receive path runs in the sender's
 * softirq), and when the client is asleep on another CPU that delivery wakes
 * it with an IPI, billed to the server. How often the client is asleep
 * depends on how fast the server is next to the client, not on the server's
 * work: on these machines (a nested VM whose idle CPUs halt at once,
 * haltpoll's `guest_halt_poll_ns` 0) a wake-up of a halted CPU costs the
 * sender an estimated 15-35 µs, so a 1 KB server a few µs slower than
 * another, which leaves wrk asleep at more of its replies, was charged
 * 10-20 µs more per request for it (measured: `perf` put it in
 * `sock_def_readable`, and /proc/interrupts counted 0.3 function-call IPIs
 * per request for the bare server against 0.5-0.9 for task-app's, at the
 * same load). With the server and the load generator on one CPU no reply
 * wakes another CPU: every server is measured on its own work, which is also
 * what a remote client (the deployment case) leaves it with.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { relative } from "node:path";

let allowed;
/** The CPUs this process may run on, as taskset's list ("0,1" or "0-3"), or null where taskset (util-linux) does not run. */
function allowedCpus() {
  if (allowed === undefined)
    try {
      allowed = /list: (\S+)/.exec(execFileSync("taskset", ["-p", "-c", String(process.pid)], { encoding: "utf8" }))?.[1] ?? null;
    } catch {
      allowed = null;
    }
  return allowed;
}

/** Whether servers can be pinned here (taskset runs). */
export function canPin() {
  return allowedCpus() !== null;
}

/** Every CPU the benchmark may use, as a taskset list: what "free" gives a server back. */
export function allCpus() {
  return allowedCpus() ?? "";
}

/** The last CPU of a taskset list ("0-3,6" gives "6"). */
function lastCpu(list) {
  return list.split(",").pop().split("-").pop();
}

/**
 * The CPU list `--pin` names: "off" (null: run free), a list ("1", "0-1"),
 * or "same" (the default): the last CPU this process may use, for the
 * server and the load generator together. Null, with a line on stderr,
 * where taskset is missing.
 */
export function pinnedCpus(option = "same") {
  if (option === "off") return null;
  if (option !== "same" && !/^\d+([,-]\d+)*$/.test(option)) {
    const script = relative(process.cwd(), process.argv[1] ?? "bench");
    process.stderr.write(`${script}: --pin takes same, off or a CPU list such as 1 or 0-1, not ${JSON.stringify(option)}\n`);
    process.exit(2);
  }
  if (!canPin()) {
    process.stderr.write("taskset (util-linux) is not installed: servers and the load generator run unpinned\n");
    return null;
  }
  return option === "same" ? lastCpu(allowedCpus()) : option;
}

/** Sets the CPUs every thread of process `pid` may run on (threads it starts later inherit them). */
export function setAffinity(pid, cpus) {
  execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
}

/** {@link setAffinity} for `pid` and every process below it (a server's workers, started before). */
export function setTreeAffinity(pid, cpus) {
  setAffinity(pid, cpus);
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    // gone meanwhile
  }
  for (const child of children) setTreeAffinity(child, cpus);
}

/** `[command, args]` run on `cpus` (through taskset, which execs it: the pid is the command's), or as they are when `cpus` is null. */
export function onCpus(cpus, command, args) {
  return cpus ? ["taskset", ["-c", cpus, command, ...args]] : [command, args];
}

/** Rescheduling and function-call IPIs so far, summed over CPUs (/proc/interrupts RES and CAL): how CPUs wake tasks on each other. NaN where it cannot be read. */
export function ipiCount() {
  try {
    let n = 0;
    for (const line of readFileSync("/proc/interrupts", "utf8").split("\n")) {
      const fields = line.trim().split(/\s+/);
      if (fields[0] === "RES:" || fields[0] === "CAL:") for (const f of fields.slice(1)) if (/^\d+$/.test(f)) n += Number(f);
    }
    return n;
  } catch {
    return NaN;
  }
}
