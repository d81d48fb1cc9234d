import { z } from 'zod';

// Every zod message without a custom text is French, on the server and in the browser.
z.config(z.locales.fr());
