/**
 * `npm start`: the whole product on this machine (DESIGN §7). Builds the SPA if its sources changed, starts the
 * local stack on port 3000 (or `PORT`), prints one URL with the demo accounts, and stops every child process on
 * Ctrl-C or SIGTERM. Data persists under `.local/`; `npm run reset` wipes it.
 */
import { DEFAULT_DATA_DIR, startLocalStack, type LocalStack } from './local/stack';
import { ensureWebBuild } from './local/web-build';
import { readFileSync } from 'node:fs';

const started = performance.now();
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a TCP port, got ${process.env.PORT}`);
  process.exit(1);
}

const log = (line: string) => console.log(`  ${line}`);
let starting: Promise<LocalStack> | undefined;
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack…`);
  try {
    // A signal during start-up waits for the start to finish, so that nothing it launched is left running.
    const stack = await starting?.catch(() => undefined);
    await stack?.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
watchForOrphaning(() => void shutdown('launcher exited'));

try {
  starting = startLocalStack({ dataDir: DEFAULT_DATA_DIR, port, log, demoBookings: true, guestPages: true });
  const [web, stack] = await Promise.all([ensureWebBuild({ log }), starting]);
  // The guest pages as HTML (issue 17): rendered from the current web build, before the banner says we are ready.
  await stack.guestPages?.refreshAll();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { demo, mailboxUrl } = stack.config;
  console.log(`
  ${stack.config.app.siteName} is running: ${stack.url}

  Demo host   ${demo.host.email} / ${demo.host.password}
  Demo admin  ${demo.admin.email} / ${demo.admin.password}${demo.admin.totpSecret ? `  TOTP ${demo.admin.totpSecret}` : ''}
  Mail outbox ${mailboxUrl}  (booking mails, host sign-up and password-reset codes)
  Test card   4242 4242 4242 4242 (declined: 4000 0000 0000 0002)
  Expiry job  every minute (run it now: curl -X POST ${stack.url}/api/local-jobs/expire-bookings)
  Tour jobs   completion and reminders every 5 minutes; to try them, move the clock and run them now:
              curl -X POST ${stack.url}/api/local-clock/advance -H 'content-type: application/json' -d '{"hours":24}'
              curl -X POST ${stack.url}/api/local-jobs/send-reminders   (guest reminder, hosts' next-day lists)
              curl -X POST ${stack.url}/api/local-jobs/complete-bookings

  Ready in ${seconds} s${stack.seeded ? ' (first start: seeded)' : ''}${web.built ? `, web app built in ${(web.ms / 1000).toFixed(1)} s` : ''}. Data: ${stack.config.dataDir} (npm run reset wipes it). Ctrl-C stops.
`);
} catch (e) {
  const inUse = (e as { code?: string }).code === 'EADDRINUSE';
  console.error(
    inUse
      ? `Port ${port} is already in use. Stop what uses it, or start on another port: PORT=3001 npm start`
      : `The local stack failed to start: ${e instanceof Error ? e.message : String(e)}`,
  );
  // startLocalStack stops what it started when it fails; a failed build leaves a running stack to stop.
  await (await starting?.catch(() => undefined))?.stop().catch(() => {});
  process.exit(1);
}

/**
 * `npm start` runs us as npm → sh → tsx → this process. A SIGTERM sent to npm alone (a process manager, a CI
 * runner) kills npm and sh but is not passed on, which would leave this process and its Java child running. On
 * Linux, notice that the launcher chain is gone and stop as if signalled.
 */
function watchForOrphaning(onOrphaned: () => void): void {
  if (process.platform !== 'linux' || !process.env.npm_lifecycle_event) return;
  const parentOf = (pid: number) => {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  };
  const wrapper = process.ppid;
  let launcher: number;
  try {
    launcher = parentOf(wrapper);
  } catch {
    return;
  }
  setInterval(() => {
    try {
      if (process.ppid !== wrapper || parentOf(wrapper) !== launcher) onOrphaned();
    } catch {
      onOrphaned();
    }
  }, 1000).unref();
}
