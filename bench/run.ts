// `npm run bench`: every benchmark, each printing ratios against a baseline measured in the same run.
// Options: --iterations N (default 200), --transactions N (default 50000) for the pagination benchmark.
import { parseArgs } from 'node:util';
import { benchApiRequests } from './api-requests.ts';
import { benchPagination } from './pagination.ts';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '200' },
    transactions: { type: 'string', default: '50000' },
  },
});
const iterations = Number(values.iterations);
const transactions = Number(values.transactions);
if (!Number.isInteger(iterations) || iterations < 1)
  throw new Error('--iterations must be a whole number ≥ 1');
if (!Number.isInteger(transactions) || transactions < 100) throw new Error('--transactions must be ≥ 100');

await benchApiRequests(iterations);
await benchPagination(transactions, Math.max(10, Math.floor(iterations / 10)));
