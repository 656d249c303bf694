// The floor of the peer benchmark's listUnder on the JavaScript side: the same 21 Query calls (2,000 children in
// pages of 100) with the bare AWS SDK for JavaScript v3 client, no toolkit, as ListFloor times them with the bare
// Java SDK; and, alternating with them, the calls the JS toolkit's getListUnder makes for the same walk (it pages
// with offsets: for every page after the first, a COUNT Query of the rows before it, then the page's Query), with the
// same bare client. The items are those the toolkits store (the key fields, the structural key, the type, two
// fields). Prints the median milliseconds of the last two thirds of LOOPS loops of each, and their ratio: what a
// client making one call per page could reach against the JS toolkit if its calls cost what the JS SDK's do.
//   usage: JS_TOOLKIT=... node list-floor.mjs ENDPOINT [LOOPS]
import {createRequire} from 'node:module';
const require = createRequire(process.env.JS_TOOLKIT + '/package.json');
const {DynamoDBClient, QueryCommand, CreateTableCommand, DeleteTableCommand, BatchWriteItemCommand} =
  require('@aws-sdk/client-dynamodb');
const endpoint = process.argv[2], loops = Number(process.argv[3] || 40);
const client = new DynamoDBClient({endpoint, region: 'us-east-1', credentials: {accessKeyId: 'x', secretAccessKey: 'x'}});
const table = 'list-floor-js-' + Date.now();
await client.send(new CreateTableCommand({TableName: table, BillingMode: 'PAY_PER_REQUEST',
  KeySchema: [{AttributeName: 'state', KeyType: 'HASH'}, {AttributeName: '_sk', KeyType: 'RANGE'}],
  AttributeDefinitions: [{AttributeName: 'state', AttributeType: 'S'}, {AttributeName: '_sk', AttributeType: 'S'}]}));
for (let i = 0; i < 2000; i += 25) {
  const puts = [];
  for (let j = i; j < i + 25; j++) {
    const vin = 'V' + String(j).padStart(6, '0');
    puts.push({PutRequest: {Item: {state: {S: 'TX'}, facility: {S: 'Dallas'}, vin: {S: vin}, _sk: {S: 'TX|Dallas|' + vin},
      kind: {S: 'vehicle'}, make: {S: 'Honda'}, year: {N: String(2020 + j % 6)}}}});
  }
  await client.send(new BatchWriteItemCommand({RequestItems: {[table]: puts}}));
}
const children = {TableName: table, KeyConditionExpression: '#p = :p AND begins_with(#s, :s)',
  ExpressionAttributeNames: {'#p': 'state', '#s': '_sk'}, ExpressionAttributeValues: {':p': {S: 'TX'}, ':s': {S: 'TX|Dallas|'}}};
// one Query per page, each starting after the page before
const pages = async () => {
  let count = 0, start;
  do {
    const page = await client.send(new QueryCommand({...children, Limit: 100, ExclusiveStartKey: start}));
    count += page.Count;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
};
// the JS toolkit's calls for toolkit-js-bench.mjs's listUnder (paginateList with offset, limit 100, needTotal false)
const offsetPages = async () => {
  let count = 0;
  for (let offset = 0; ; offset += 100) {
    let start;
    if (offset > 0) {
      const skipped = await client.send(new QueryCommand({...children, Select: 'COUNT', Limit: offset}));
      start = skipped.LastEvaluatedKey;
    }
    const page = await client.send(new QueryCommand({...children, Limit: 100, ExclusiveStartKey: start}));
    count += page.Count;
    if (page.Count < 100) return count;
  }
};
const timed = async walk => {
  const started = performance.now();
  const count = await walk();
  if (count !== 2000) throw new Error('listed ' + count);
  return performance.now() - started;
};
const floor = [], offsets = [];
for (let loop = 0; loop < loops; loop++) {
  floor.push(await timed(pages));
  offsets.push(await timed(offsetPages));
}
await client.send(new DeleteTableCommand({TableName: table}));
const median = times => {
  const steady = times.slice(Math.floor(loops / 3)).sort((a, b) => a - b);
  return steady[steady.length >> 1];
};
const f = median(floor), o = median(offsets);
console.log(`listUnder of 2,000 in pages of 100 (21 calls): bare JS SDK Query loop ${f.toFixed(1)} ms ` +
  `(${Math.round(2000 / (f / 1000))} items/s)`);
console.log(`the JS toolkit's calls for it (41: a COUNT before each page after the first), bare JS SDK: ${o.toFixed(1)} ms; ` +
  `offset calls / one call per page ${(o / f).toFixed(2)}`);
