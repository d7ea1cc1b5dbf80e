// Runs s3rver on loopback for the tests (test/support/s3rver.ts starts this file with
// --openssl-legacy-provider: s3rver signs its listing continuation tokens with DES).
// argv: directory, bucket. Prints {"port":…} once it listens; stops on SIGTERM or when stdin ends.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
