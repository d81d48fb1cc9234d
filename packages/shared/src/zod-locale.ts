import { z } from 'zod';
import { frenchSpacing } from './format.ts';

// Every zod message without a custom text is French, on the server and in the browser, and
// follows the app's typography (zod writes 'Trop grand : …' with a breaking space).
const fr = z.locales.fr().localeError;
z.config({
  localeError: (issue) => {
    const error = fr(issue);
    if (typeof error === 'string') return frenchSpacing(error);
    return error ? { ...error, message: frenchSpacing(error.message) } : error;
  },
});
