// What a bare BatchWriteItem loop reaches through the latency proxy: the AWS SDK for JavaScript v3 client, no toolkit,
// C calls in flight, writing N items of the toolkits' shape in calls of 25 and then deleting them by key (no reads at
// all, which a mass operation cannot do without). Each round also takes r, the mean of 40 BatchWriteItem calls of 25
// sent one after the other. Prints, per round and as the median of the rounds after the first third, the items per
// second as a fraction of the batch operation's limit C x 25 / r, with r the proxy's nominal delay and with r measured:
// the part of the nominal limit any client can reach here, against which MassBenchmark's fractions can be read.
//   usage: JS_TOOLKIT=... node batch-limit.mjs ENDPOINT DELAY_MS [N] [C] [ROUNDS]
import {createRequire} from 'node:module';
const require = createRequire(process.env.JS_TOOLKIT + '/package.json');
const {DynamoDBClient, CreateTableCommand, DeleteTableCommand, BatchWriteItemCommand} = require('@aws-sdk/client-dynamodb');
const [endpoint, delay, n, c, rounds] = [process.argv[2], ...process.argv.slice(3).map(Number)];
const N = n || 10000, C = c || 4, ROUNDS = rounds || 8;
const client = new DynamoDBClient({endpoint, region: 'us-east-1', credentials: {accessKeyId: 'x', secretAccessKey: 'x'}});
const table = 'batch-limit-js-' + Date.now();
await client.send(new CreateTableCommand({TableName: table, BillingMode: 'PAY_PER_REQUEST',
  KeySchema: [{AttributeName: 'state', KeyType: 'HASH'}, {AttributeName: '_sk', KeyType: 'RANGE'}],
  AttributeDefinitions: [{AttributeName: 'state', AttributeType: 'S'}, {AttributeName: '_sk', AttributeType: 'S'}]}));
const key = i => ({state: {S: 'TX'}, _sk: {S: 'TX|Dallas|V' + String(i).padStart(6, '0')}});
const item = i => ({...key(i), facility: {S: 'Dallas'}, vin: {S: 'V' + String(i).padStart(6, '0')},
  kind: {S: 'vehicle'}, make: {S: 'Honda'}, year: {N: String(2020 + i % 6)}});
const write = async requests => {
  let left = {[table]: requests};
  while (left && left[table]) left = (await client.send(new BatchWriteItemCommand({RequestItems: left}))).UnprocessedItems;
};
// C workers take the next 25 items until none are left
const batches = async request => {
  let next = 0;
  const worker = async () => {
    for (let first = next; first < N; first = next) {
      next += 25;
      const requests = [];
      for (let i = first; i < Math.min(N, first + 25); i++) requests.push(request(i));
      await write(requests);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({length: C}, worker));
  return N / ((performance.now() - started) / 1000);
};
const roundTrip = async () => {
  const started = performance.now();
  for (let call = 0; call < 40; call++) await write(Array.from({length: 25}, (_, j) => ({PutRequest: {Item: item(N + j)}})));
  return (performance.now() - started) / 40;
};
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const put = await batches(i => ({PutRequest: {Item: item(i)}}));
  const del = await batches(i => ({DeleteRequest: {Key: key(i)}}));
  const r = await roundTrip();
  const row = {put, del, r, putNominal: put / (C * 25000 / delay), delNominal: del / (C * 25000 / delay),
    putMeasured: put / (C * 25000 / r), delMeasured: del / (C * 25000 / r)};
  rows.push(row);
  console.log(`round ${round}: put ${Math.round(put)} items/s, ${row.putNominal.toFixed(2)} of C x 25 / ${delay} ms, ` +
    `${row.putMeasured.toFixed(2)} of C x 25 / r; delete ${Math.round(del)} items/s, ${row.delNominal.toFixed(2)}, ` +
    `${row.delMeasured.toFixed(2)}; r ${r.toFixed(2)} ms`);
}
await client.send(new DeleteTableCommand({TableName: table}));
const steady = rows.slice(Math.floor(ROUNDS / 3));
const median = field => {
  const values = steady.map(row => row[field]).sort((a, b) => a - b);
  return `${values[values.length >> 1].toFixed(2)} [${values[0].toFixed(2)}, ${values[values.length - 1].toFixed(2)}]`;
};
console.log(`bare JS BatchWriteItem loop, ${C} in flight, ${N} items, median of rounds ${Math.floor(ROUNDS / 3) + 1} to ${ROUNDS} ` +
  `[range]: put ${median('putNominal')} of the nominal limit, ${median('putMeasured')} of the measured; ` +
  `delete ${median('delNominal')} of the nominal, ${median('delMeasured')} of the measured; r ${median('r')} ms`);
