/**
 * `npm run reset`: deletes the local stack's data (`.local/`): tables, user pools, images, generated ids. The next
 * `npm start` creates and seeds everything again. Refuses while a stack is running on that folder.
 */
import { DEFAULT_DATA_DIR } from './local/stack';
import { resetLocalData } from './local/reset';

try {
  const removed = await resetLocalData(DEFAULT_DATA_DIR);
  console.log(
    removed ? `Removed ${DEFAULT_DATA_DIR}. The next npm start seeds fresh data.` : 'Nothing to reset.',
  );
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
