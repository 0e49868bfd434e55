/** The logged-in session in localStorage: the bearer token and the username it belongs to. */
const TOKEN = "scaleout.token";
const USERNAME = "scaleout.username";

export interface StoredSession {
  token: string;
  username: string;
}

export function loadSession(storage: Storage = localStorage): StoredSession | null {
  const token = storage.getItem(TOKEN);
  const username = storage.getItem(USERNAME);
  return token && username ? { token, username } : null;
}

export function saveSession(session: StoredSession, storage: Storage = localStorage): void {
  storage.setItem(TOKEN, session.token);
  storage.setItem(USERNAME, session.username);
}

export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(TOKEN);
  storage.removeItem(USERNAME);
}
