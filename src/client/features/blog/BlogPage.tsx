import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { SimplePage } from '@client/components/SimplePage';
import { blogPostPath } from '@client/lib/paths';
import { Box, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { BlogPostSummary } from '@shared/api/blog';
import { Link as RouterLink } from 'react-router-dom';

import { useListBlogPostsQuery } from './blog.api';
import { PostByline, TagList } from './PostDetails';

/** Shown when the list cannot be loaded and the server said nothing useful. */
export const BLOG_LIST_ERROR = 'Unable to load the articles right now.';
/** Shown when there is no article yet. */
export const NO_POSTS_MESSAGE = 'No articles yet. New ones are on their way; check back soon.';

const SKELETON_CARDS = 3;

function ListSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Paper key={index} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Skeleton variant="text" width="70%" sx={{ fontSize: (theme) => theme.typography.h2.fontSize }} />
          <Skeleton variant="text" width="35%" />
          <Skeleton variant="text" width="95%" />
          <Skeleton variant="text" width="80%" />
        </Paper>
      ))}
    </Stack>
  );
}

function PostCard({ post }: { post: BlogPostSummary }) {
  const titleId = `post-${post.slug}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none' }}>
      <Stack component="article" aria-labelledby={titleId} spacing={1.25}>
        <Typography component="h2" variant="h3" id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={blogPostPath(post.slug)}>
            {post.title}
          </Link>
        </Typography>
        <PostByline post={post} />
        <Typography>{post.description}</Typography>
        <TagList tags={post.tags} />
      </Stack>
    </Paper>
  );
}

/** The blog (/blog): every article, newest first. */
export function BlogPage() {
  const { data: posts, error, isError, isFetching, refetch } = useListBlogPostsQuery();

  let body;
  if (posts) {
    body =
      posts.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{NO_POSTS_MESSAGE}</Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Articles" sx={{ display: 'grid', gap: 2, m: 0, p: 0 }}>
          {posts.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </Box>
      );
  } else if (isError) {
    body = (
      <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
        {errorMessage(error, BLOG_LIST_ERROR)}
      </RetryAlert>
    );
  } else {
    body = <ListSkeleton />;
  }

  return (
    <SimplePage
      title="Blog"
      intro="Practical notes on running better ads: reading the numbers, testing creatives and pacing budgets across platforms."
    >
      {body}
    </SimplePage>
  );
}
