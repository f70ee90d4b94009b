import { Box } from '@mui/material';
import { useMemo } from 'react';

import { highlightParts } from './highlight';

/** Props of Highlighted. */
export interface HighlightedProps {
  text: string;
  /** The searched words (lower-cased). */
  words: readonly string[];
}

/** `text` with every searched word wrapped in <mark>. */
export function Highlighted({ text, words }: HighlightedProps) {
  const parts = useMemo(() => highlightParts(text, words), [text, words]);
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          // Dark text on pale amber: AA contrast whatever colour the surrounding text has.
          <Box key={index} component="mark" sx={{ bgcolor: '#FDE68A', color: '#1F2937', borderRadius: 0.5, px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
