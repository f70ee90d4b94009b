import { Box } from '@mui/material';
import type { Theme, TypographyStyle } from '@mui/material/styles';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** The size, weight and spacing of a theme type variant, for HTML the app did not render itself. */
const typeOf = ({
  fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  letterSpacing,
}: TypographyStyle): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries({ fontFamily, fontSize, fontWeight, lineHeight, letterSpacing }).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    ),
  );

/** Focus ring of the boxes that scroll on their own (tables, code). */
const focusRing = (theme: Theme) => ({ outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 });

/**
 * The rendered article in the theme's type: h2/h3, paragraphs, lists, code, quotes and tables.
 * Tables and code blocks scroll inside their own box, so the page never scrolls sideways.
 */
const articleSx = (theme: Theme) => ({
  ...typeOf(theme.typography.body1),
  lineHeight: 1.75,
  minWidth: 0,
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& h2': { ...typeOf(theme.typography.h2), mt: 5, mb: 1.5, scrollMarginTop: theme.spacing(10) },
  '& h3': { ...typeOf(theme.typography.h3), mt: 4, mb: 1, scrollMarginTop: theme.spacing(10) },
  '& p': { my: 2 },
  '& ul, & ol': { my: 2, pl: 3 },
  '& li': { mb: 1 },
  '& li > p': { my: 0 },
  '& a': { color: 'primary.main', textDecorationThickness: '1px', textUnderlineOffset: '2px' },
  '& a:hover': { color: 'primary.dark' },
  '& strong': { fontWeight: 600 },
  '& code': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    fontSize: '0.9em',
    bgcolor: 'action.hover',
    borderRadius: 0.5,
    px: 0.5,
  },
  '& pre': {
    my: 3,
    p: 2,
    overflowX: 'auto',
    bgcolor: 'background.default',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    lineHeight: 1.5,
    overflowWrap: 'normal',
    '&:focus-visible': focusRing(theme),
  },
  '& pre code': { bgcolor: 'transparent', p: 0, fontSize: '0.875rem', whiteSpace: 'pre' },
  '& blockquote': {
    my: 3,
    mx: 0,
    py: 0.5,
    pl: 2,
    borderLeft: 4,
    borderColor: 'primary.main',
    color: 'text.secondary',
    fontStyle: 'italic',
    '& p': { my: 1 },
  },
  '& .table-scroll': {
    my: 3,
    overflowX: 'auto',
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    '&:focus-visible': focusRing(theme),
  },
  '& table': { width: '100%', borderCollapse: 'collapse', overflowWrap: 'normal', ...typeOf(theme.typography.body2) },
  '& th, & td': {
    px: 1.5,
    py: 1,
    minWidth: '7rem',
    textAlign: 'left',
    verticalAlign: 'top',
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th': { fontWeight: 600, bgcolor: 'background.default' },
  '& tr:last-of-type td': { borderBottom: 0 },
  '& hr': { my: 4, border: 0, borderTop: 1, borderColor: 'divider' },
});

/** True for a plain left click without modifier keys (those open new tabs or windows). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An article's HTML (rendered by the server from the repository's Markdown, raw HTML escaped). */
export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();

  // Links to other pages of the app open inside it, without reloading.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || !isPlainClick(event) || !(event.target instanceof Element)) return;
    const href = event.target.closest('a')?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
    window.scrollTo({ top: 0 });
  };

  return <Box sx={articleSx} onClick={handleClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
