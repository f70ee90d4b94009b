import { SimplePage } from '@client/components/SimplePage';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { SUPPORT_EMAIL } from '@shared/constants';
import { Fragment } from 'react';

import type { LegalBlock, LegalDocument } from './legalContent';

const LAST_UPDATED_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Text with the support address as a mail link wherever it appears. */
function WithMailLinks({ text }: { text: string }) {
  const pieces = text.split(SUPPORT_EMAIL);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 && <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>}
        </Fragment>
      ))}
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <Typography>
        <WithMailLinks text={block} />
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
      {block.list.map((item) => (
        <Typography component="li" key={item}>
          <WithMailLinks text={item} />
        </Typography>
      ))}
    </Box>
  );
}

/** Props of LegalPage. */
export interface LegalPageProps {
  content: LegalDocument;
}

/** A legal text: title, last-updated date, a table of contents with in-page links, then its sections. */
export function LegalPage({ content }: LegalPageProps) {
  const contentsId = 'legal-contents';
  return (
    <SimplePage title={content.title} intro={content.intro}>
      <Typography variant="body2" color="text.secondary">
        Last updated:{' '}
        <time dateTime={content.lastUpdated}>
          {LAST_UPDATED_FORMAT.format(new Date(`${content.lastUpdated}T00:00:00Z`))}
        </time>
      </Typography>
      <Paper component="nav" variant="outlined" aria-labelledby={contentsId} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h3" id={contentsId} gutterBottom>
          Contents
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
          {content.sections.map((section) => (
            <li key={section.id}>
              <Link href={`#${section.id}`}>{section.title}</Link>
            </li>
          ))}
        </Box>
      </Paper>
      <Stack spacing={4} sx={{ maxWidth: '75ch', overflowWrap: 'anywhere' }}>
        {content.sections.map((section, index) => (
          <Stack component="section" key={section.id} aria-labelledby={section.id} spacing={1.5}>
            {/* The anchor sits on the heading; the margin keeps it clear of the sticky top bar. */}
            <Typography
              variant="h2"
              id={section.id}
              tabIndex={-1}
              sx={{ scrollMarginTop: (theme) => theme.spacing(10), outline: 'none' }}
            >
              {index + 1}. {section.title}
            </Typography>
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} />
            ))}
          </Stack>
        ))}
      </Stack>
    </SimplePage>
  );
}
