// The WebExtension APIs the extension uses, typed here (the few members it
// calls, not a whole typings package). Firefox has them as `browser`,
// Chromium as `chrome`; both return promises in Manifest V3.

export interface Tab {
  id?: number;
  /** Present for pages the extension has host access to (it asks for no "tabs" permission). */
  url?: string;
  active: boolean;
}

interface Event<Listener> {
  addListener(listener: Listener): void;
}

interface StorageArea {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface HeaderDetails {
  tabId: number;
  url: string;
  statusCode: number;
  responseHeaders?: { name: string; value?: string }[];
}

export interface WebExtensionApi {
  runtime: {
    getURL(path: string): string;
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: Event<(message: unknown, sender: unknown, reply: (answer: unknown) => void) => boolean | undefined>;
  };
  tabs: {
    query(query: { active?: boolean; currentWindow?: boolean }): Promise<Tab[]>;
    get(tabId: number): Promise<Tab>;
    create(properties: { url: string }): Promise<Tab>;
    onUpdated: Event<(tabId: number, change: { url?: string; status?: string }, tab: Tab) => void>;
    onRemoved: Event<(tabId: number) => void>;
  };
  action: {
    setBadgeText(details: { tabId: number; text: string }): Promise<void>;
    setBadgeBackgroundColor(details: { tabId: number; color: string }): Promise<void>;
    setBadgeTextColor?(details: { tabId: number; color: string }): Promise<void>;
    setTitle(details: { tabId: number; title: string }): Promise<void>;
    setPopup(details: { tabId: number; popup: string }): Promise<void>;
  };
  storage: {
    local: StorageArea;
    session: StorageArea;
    onChanged: Event<(changes: Record<string, { newValue?: unknown }>, area: string) => void>;
  };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    request(permissions: { origins: string[] }): Promise<boolean>;
    onAdded: Event<() => void>;
    onRemoved: Event<() => void>;
  };
  scripting: {
    executeScript<T>(injection: { target: { tabId: number }; func: () => T }): Promise<{ result?: T }[]>;
  };
  webRequest: {
    onHeadersReceived: {
      addListener(
        listener: (details: HeaderDetails) => void,
        filter: { urls: string[]; types: string[] },
        extraInfo: string[],
      ): void;
    };
  };
}

const scope = globalThis as unknown as { browser?: WebExtensionApi; chrome?: WebExtensionApi };

/** The browser's extension API: Firefox's `browser`, else Chromium's `chrome`. */
export const api: WebExtensionApi = (scope.browser ?? scope.chrome)!;
