import { errorMessage } from '@client/api/errors';
import { RetryAlert } from '@client/components/RetryAlert';
import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { paths } from '@client/lib/paths';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Container, Divider, Link, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';

import { ArticleBody } from './ArticleBody';
import { useGetBlogPostQuery } from './blog.api';
import { PostByline, TagList } from './PostDetails';

/** The heading for an article that does not exist. */
export const POST_NOT_FOUND_TITLE = 'Article not found';
/** Shown when the article cannot be loaded and the server said nothing useful. */
export const BLOG_POST_ERROR = 'Unable to load this article right now.';

const TITLE_ID = 'blog-post-title';
const BODY_LINES = ['100%', '96%', '92%', '98%', '60%'];

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status;
}

function BackToBlog() {
  return (
    <Link
      component={RouterLink}
      to={paths.blog}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
    >
      <ArrowBackIcon aria-hidden fontSize="small" />
      Back to the blog
    </Link>
  );
}

function ArticleSkeleton() {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label="Loading article">
      <Skeleton variant="text" width="80%" sx={{ fontSize: (theme) => theme.typography.h1.fontSize }} />
      <Skeleton variant="text" width="40%" />
      {BODY_LINES.map((width, index) => (
        <Skeleton key={index} variant="text" width={width} />
      ))}
    </Stack>
  );
}

/** One blog article (/blog/<slug>): heading, date, reading time, tags, author and the article itself. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { currentData: post, error, isError, isFetching, refetch } = useGetBlogPostQuery(slug);
  const notFound = !post && isError && hasStatus(error, 404);
  useDocumentTitle(post ? post.title : notFound ? POST_NOT_FOUND_TITLE : 'Blog');

  let content: ReactNode;
  if (post) {
    content = (
      <Stack component="article" aria-labelledby={TITLE_ID} spacing={2}>
        <Typography variant="h1" id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Typography>
        <PostByline post={post} withAuthor />
        <TagList tags={post.tags} />
        <Divider />
        <ArticleBody html={post.html} />
      </Stack>
    );
  } else if (notFound) {
    content = (
      <Stack spacing={2}>
        <Typography variant="h1">{POST_NOT_FOUND_TITLE}</Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          There is no article at /blog/{slug}. It may have moved, or the link may have a typo. Every article is listed
          on the blog.
        </Typography>
      </Stack>
    );
  } else if (isError) {
    content = (
      <Stack spacing={2}>
        <Typography variant="h1">Blog</Typography>
        <RetryAlert retrying={isFetching} onRetry={() => void refetch()}>
          {errorMessage(error, BLOG_POST_ERROR)}
        </RetryAlert>
      </Stack>
    );
  } else {
    content = <ArticleSkeleton />;
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <BackToBlog />
        {content}
      </Stack>
    </Container>
  );
}
