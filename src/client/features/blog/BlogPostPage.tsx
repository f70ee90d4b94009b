import { useParams } from 'react-router-dom';
import { SimplePage } from '@client/components/SimplePage';

/** One blog article (/blog/<slug>). */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  return <SimplePage title={slug} />;
}
