import { readStorage, writeStorage } from '../../lib/storage';

const lastClientKey = 'adloom.lastClientId';

/** The client the user last worked in, used by the default landing rule. */
export function readLastClientId(): string | null {
  return readStorage(lastClientKey);
}

export function rememberLastClientId(clientId: string): void {
  writeStorage(lastClientKey, clientId);
}
