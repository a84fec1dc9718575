// A player's phone for the end-to-end tests: one request to the reporting server on
// 127.0.0.1 as the phone's page sends it (its Host, and for a report its Origin and JSON),
// answered with the status, the JSON (when it is JSON) and the text.
import { request } from 'node:http';

/** A phone talking to the server at 127.0.0.1:`port`: `(method, path, body?) => answer`. */
export function phoneAt(port) {
  const host = `127.0.0.1:${port}`;
  return (method, path, body) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers = { Host: host, 'Accept-Language': 'en' };
      if (data !== undefined) {
        Object.assign(headers, {
          Origin: `http://${host}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
        });
      }
      const req = request({ host: '127.0.0.1', port, method, path, headers, timeout: 5000 }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          const json = (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null;
          resolve({ status: res.statusCode, json, text });
        });
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('timed out')));
      if (data !== undefined) req.write(data);
      req.end();
    });
}
