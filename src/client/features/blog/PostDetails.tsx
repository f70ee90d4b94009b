import { searchPath } from '@client/lib/paths';
import { Box, Chip, Typography } from '@mui/material';
import type { BlogPostSummary } from '@shared/api/blog';
import { Link as RouterLink } from 'react-router-dom';

import { formatPostDate, readingTimeLabel } from './blogFormat';

/** Props of PostByline. */
export interface PostBylineProps {
  post: BlogPostSummary;
  /** Also name the author (the article page does; the list does not). */
  withAuthor?: boolean;
}

/** "10 November 2026 · 6 min read", optionally followed by the author. */
export function PostByline({ post, withAuthor = false }: PostBylineProps) {
  return (
    <Typography variant="body2" color="text.secondary">
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      {' · '}
      {readingTimeLabel(post.readingMinutes)}
      {withAuthor && ` · By ${post.author}`}
    </Typography>
  );
}

/** An article's tags as chips; each one searches the site for it. */
export function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <Box
      component="ul"
      aria-label="Tags"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          <Chip label={tag} size="small" variant="outlined" clickable component={RouterLink} to={searchPath(tag)} />
        </li>
      ))}
    </Box>
  );
}
