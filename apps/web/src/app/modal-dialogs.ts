const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';

/**
 * What every modal dialog does, whoever opens it (Mantine portals them out of the application's
 * `root`, so one observer of the page sees them all):
 * - the application under an open dialog is inert: out of the tab order, deaf to clicks, hidden
 *   from screen readers;
 * - a dialog whose first field arrives after its opening (loaded, or shown by an 'edit' button)
 *   moves the focus to it, unless the user has put the focus somewhere already.
 * Answers the function that stops watching.
 */
export function watchModalDialogs(root: HTMLElement): () => void {
  // Mantine gives the focus back 10 ms after a dialog closes, while its closing animation still
  // keeps the root inert: the focus is given back here once the root is usable again.
  let focusBefore: Element | null = null;
  // The dialogs whose first field has had the focus it is owed.
  const served = new WeakSet<Element>();

  const focusLateField = (dialog: Element) => {
    if (served.has(dialog)) return;
    const field = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (!field) return;
    served.add(dialog);
    // Where Mantine leaves the focus when a dialog opens with no field: its close button (or
    // nowhere, when the button that was focused has gone).
    const active = document.activeElement;
    if (!active || active === document.body || active.matches('.mantine-Modal-close')) field.focus();
  };

  const update = () => {
    const dialogs = document.querySelectorAll(OPEN_DIALOG);
    dialogs.forEach(focusLateField);
    const open = dialogs.length > 0;
    if (open === root.hasAttribute('inert')) return;
    if (open) {
      focusBefore = document.activeElement;
      root.setAttribute('inert', '');
      return;
    }
    root.removeAttribute('inert');
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && focusBefore instanceof HTMLElement && focusBefore.isConnected)
      focusBefore.focus({ preventScroll: true });
    focusBefore = null;
  };
  const observer = new MutationObserver(update);
  observer.observe(document.body, { childList: true, subtree: true });
  update();
  return () => observer.disconnect();
}
