/**
 * The first tab stop of the shell (WCAG 2.4.1): straight to the page, past the header and the
 * sidebar's entries. Focus moves by script, so the address keeps no '#' fragment.
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      Aller au contenu principal
    </a>
  );
}
