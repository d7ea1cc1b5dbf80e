import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TProjectNode, TProjectRef, TProjectTree } from '@embauche/contracts/projects';
import { projectTreeQueryOptions, useProjectTree } from '../api/get-project-tree.ts';
import { findNode, isTreeRoot } from '../lib/tree-utils.ts';

export type ActiveProject = Pick<TProjectTree, 'id' | 'name' | 'type' | 'total_offers' | 'total_to_treat'> & {
  parent_id: number | null;
};

function asActive(node: TProjectNode | TProjectTree): ActiveProject {
  const { id, name, type, total_offers, total_to_treat, parent_id } = node;
  return { id, name, type, total_offers, total_to_treat, parent_id };
}

/**
 * Spec 4 "Project tree loading": a wanted project found in the current tree becomes the active
 * project; otherwise its tree is loaded: a folder (type 0) becomes both tree and active project, a
 * leaf (type 1) clears the tree and becomes the active project, a special id sets the tree only.
 */
export function useProjectTreeState(wanted: TProjectRef | null, onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [root, setRoot] = useState<TProjectRef | null>(isTreeRoot(wanted) ? wanted : typeof wanted === 'number' ? null : 'all');
  // The leaf's own tree query: its counts refresh with the other project queries.
  const [leafId, setLeafId] = useState<number | null>(null);
  const leafQuery = useQuery({ ...projectTreeQueryOptions(leafId ?? 0), enabled: leafId !== null });
  const leaf = leafId !== null ? (leafQuery.data ?? null) : null;
  const [previous, setPrevious] = useState(wanted);
  if (previous !== wanted) {
    setPrevious(wanted);
    if (isTreeRoot(wanted)) setRoot(wanted);
  }
  const treeQuery = useProjectTree(root);
  const tree = root === null ? null : (treeQuery.data ?? null);

  const inTree = typeof wanted === 'number' && tree !== null && tree.all_ids.includes(wanted);
  const waiting = root !== null && treeQuery.isFetching;
  const mustLoad = typeof wanted === 'number' && !inTree && !waiting && leafId !== wanted;

  useEffect(() => {
    if (!mustLoad || typeof wanted !== 'number') return;
    let cancelled = false;
    queryClient.fetchQuery(projectTreeQueryOptions(wanted)).then(
      (loaded) => {
        if (cancelled) return;
        if (loaded.type === 0) {
          setRoot(wanted);
          setLeafId(null);
        } else if (loaded.type === 1) {
          setRoot(null);
          setLeafId(loaded.id as number);
        } else {
          setRoot(wanted);
        }
      },
      (error: unknown) => {
        if (!cancelled) onFailure(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mustLoad, wanted, queryClient, onFailure]);

  const treeError = root !== null && treeQuery.isError ? treeQuery.error : null;
  useEffect(() => {
    if (treeError) onFailure(treeError);
  }, [treeError, onFailure]);

  let active: ActiveProject | null = null;
  if (typeof wanted === 'number' && tree) {
    const node = tree.id === wanted ? tree : findNode(tree.children, wanted);
    if (node) active = asActive(node);
  }
  if (!active && typeof wanted === 'number' && leaf?.id === wanted) active = asActive(leaf);

  return {
    tree,
    active,
    loading: root !== null && treeQuery.isPending,
    /** Shows every project again (the `all` tree), keeping the active project. */
    showAll: () => setRoot('all'),
  };
}

export type ProjectTreeState = ReturnType<typeof useProjectTreeState>;
