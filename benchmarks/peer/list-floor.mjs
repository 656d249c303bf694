// The floor of the peer benchmark's listUnder on the JavaScript side: the same 21 Query calls (2,000 children in
// pages of 100) with the bare AWS SDK for JavaScript v3 client, no toolkit, as ListFloor times them with the bare
// Java SDK. Prints the median milliseconds of the last two thirds of LOOPS loops.
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
    puts.push({PutRequest: {Item: {state: {S: 'TX'}, _sk: {S: 'TX|Dallas|V' + String(j).padStart(6, '0')},
      make: {S: 'Honda'}, year: {N: String(2020 + j % 6)}}}});
  }
  await client.send(new BatchWriteItemCommand({RequestItems: {[table]: puts}}));
}
const times = [];
for (let loop = 0; loop < loops; loop++) {
  const started = performance.now();
  let count = 0, start;
  do {
    const page = await client.send(new QueryCommand({TableName: table,
      KeyConditionExpression: '#p = :p AND begins_with(#s, :s)', ExpressionAttributeNames: {'#p': 'state', '#s': '_sk'},
      ExpressionAttributeValues: {':p': {S: 'TX'}, ':s': {S: 'TX|Dallas|'}}, Limit: 100, ExclusiveStartKey: start}));
    count += page.Count;
    start = page.LastEvaluatedKey;
  } while (start);
  if (count !== 2000) throw new Error('listed ' + count);
  times.push(performance.now() - started);
}
await client.send(new DeleteTableCommand({TableName: table}));
const steady = times.slice(Math.floor(loops / 3)).sort((a, b) => a - b);
const median = steady[steady.length >> 1];
console.log(`listUnder of 2,000 in pages of 100 (21 calls): bare JS SDK Query loop ${median.toFixed(1)} ms ` +
  `(${Math.round(2000 / (median / 1000))} items/s)`);
