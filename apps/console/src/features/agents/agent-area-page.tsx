import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AgentListScreen } from './components/agent-list-screen';

/**
 * /agent: entering resets the search (coop level empty, search type contact, status empty, content empty, seed 000
 * §2), then the area library and the list load. A search made here afterwards lives in the URL like any other.
 */
export function AgentAreaPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [entered, setEntered] = useState(searchParams.size === 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset belongs to the entry only, not to later searches
  useEffect(() => {
    if (!entered) {
      setSearchParams(new URLSearchParams(), { replace: true });
      setEntered(true);
    }
  }, []);
  if (!entered) return null;
  return <AgentListScreen name="agents" />;
}
