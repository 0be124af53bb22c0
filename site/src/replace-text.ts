// Replacing a text box's whole text the way typing does, so that the
// browser's undo (Ctrl+Z, Cmd+Z) takes a fix back. Setting `value` would
// clear the undo history.

export function replaceText(box: HTMLTextAreaElement, text: string): void {
  box.focus();
  box.select();
  // execCommand is the one way to edit a text box through its undo stack;
  // where a browser refuses it, the text is set directly (without undo).
  const done = typeof document.execCommand === 'function' && document.execCommand('insertText', false, text);
  if (!done || box.value !== text) box.value = text;
}
