// The extension needs no background work; this service worker only exists so
// that tools (and the test) can find the extension's id.
chrome.runtime.onInstalled.addListener(() => {});
