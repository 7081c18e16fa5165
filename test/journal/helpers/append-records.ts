/**
 * A child process of concurrent-writers.test.ts: opens the journal given as argv[2] and, once told
 * "go" on stdin (so that both writers start together), appends argv[3] change records of one run,
 * each padded past PIPE_BUF so that a write split in two would show.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { JOURNAL_FORMAT_VERSION } from '../../../src/journal/records.js';
import { openJournal } from '../../../src/journal/writer.js';

const [file, count] = process.argv.slice(2);
const run = randomUUID();
const journal = await openJournal(file!);
process.stdout.write(`ready ${run}\n`);
await once(process.stdin, 'data');
const pending: Promise<void>[] = [];
for (let i = 0; i < Number(count); i += 1) {
  pending.push(
    journal.append({
      journalVersion: JOURNAL_FORMAT_VERSION,
      type: 'change',
      run,
      time: new Date().toISOString(),
      address: `merchant/m-${i}`,
      action: 'create',
      outcome: 'done',
      detail: `${run}:${i}:${'x'.repeat(6000)}`,
    }),
  );
}
await Promise.all(pending);
await journal.close();
process.stdout.write('done\n');
process.stdin.destroy();
