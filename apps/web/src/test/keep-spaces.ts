import { getDefaultNormalizer } from '@testing-library/react';

/**
 * Text-query options that keep no-break spaces as they are: the default normaliser turns them
 * into plain spaces, which would let a text lose its French typography unnoticed.
 */
export const keepSpaces = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
