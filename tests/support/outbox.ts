import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outboxAdapter, readOutbox, setDeliveryAdapter } from '../../src/server/delivery';

/**
 * Mail and SMS of this test file go to a dev outbox in a temp folder (the real adapter, not a
 * mock): `open()` in beforeAll, `close()` in afterAll, `latest(to)` reads what a person would.
 */
export function testOutbox() {
  let dir = '';
  return {
    open() {
      dir = mkdtempSync(join(tmpdir(), 'outbox-'));
      setDeliveryAdapter('email', outboxAdapter(dir));
      setDeliveryAdapter('sms', outboxAdapter(dir));
    },
    close() {
      setDeliveryAdapter('email', undefined);
      setDeliveryAdapter('sms', undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    all: (to: string) => readOutbox(dir, to),
    latest: (to: string) => readOutbox(dir, to)[0],
  };
}
