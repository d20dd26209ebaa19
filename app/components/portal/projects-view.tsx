import { lazy, type RefObject, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { Building2, Calendar, FolderKanban, Pencil, Plus, Trash2 } from "~/components/icons";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { LoadMore } from "~/components/ui/load-more";
import { DialogOpener, useRequestedDialog } from "~/components/ui/no-js-dialog";
import { Progress } from "~/components/ui/progress";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDate } from "~/lib/dates";
import type { ProjectPriority, ProjectStatus } from "~/lib/validation/project-values";
import { PriorityBadge, StatusBadge } from "./badges";
import { type ClientChoice, ClientFilter } from "./client-filter";
import { useReadOnly } from "./use-portal-user";

export interface ProjectItem {
  id: string;
  clientName?: string | null;
  title: string;
  description: string | null;
  status: ProjectStatus;
  priority: ProjectPriority;
  progress: number;
  createdAt: Date | string;
  /** The person may edit and delete it (a contact: only the client's own, not yet taken on). */
  editable?: boolean;
}

export interface ProjectsViewProps {
  projects: ProjectItem[];
  /** The project an address's 'Edit' or 'Delete' is about (`?item=`), on this page or not. */
  askedProject: ProjectItem | null;
  /** The next page's cursor (app/lib/pagination.ts), or null. */
  next: string | null;
  /** Counts over every project shown by the filter, not only this page. */
  counts: { total: number; active: number; completed: number };
  /** Staff (an administrator over every client): client names, the filter, the Client field. */
  staff: boolean;
  clients: ClientChoice[];
  clientFilter: string | null;
  filterError: string | null;
}

const ProjectFormDialog = lazy(() => import("./project-form-dialog"));

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function ProjectsView({
  projects,
  askedProject: loadedAsked,
  next,
  counts,
  staff,
  clients,
  clientFilter,
  filterError,
}: ProjectsViewProps) {
  const readOnly = useReadOnly();
  const [editing, setEditing] = useState<ProjectItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProjectItem | null>(null);
  const newProjectRef = useRef<HTMLButtonElement>(null);
  // The form dialog's code loads the first time it opens, then the dialog stays mounted.
  const [formUsed, setFormUsed] = useState(false);
  if (formOpen && !formUsed) setFormUsed(true);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (project: ProjectItem) => {
    setEditing(project);
    setFormOpen(true);
  };
  // A dialog asked for by the address (a button pressed before the scripts ran, decision 142).
  const requested = useRequestedDialog();
  const asked = readOnly ? null : requested;
  // The loader found it, on this page or not (a 404 when it is not theirs).
  const askedProject = asked?.item ? (loadedAsked ?? null) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Projects</h1>
          <p className="mt-1 text-muted-foreground">Manage and track all your projects</p>
        </div>
        {readOnly ? null : (
          <DialogOpener ref={newProjectRef} dialog="new-project" onOpen={openCreate}>
            <Plus aria-hidden />
            New Project
          </DialogOpener>
        )}
      </div>

      {asked?.name === "new-project" || (asked?.name === "edit-project" && askedProject) ? (
        <Suspense fallback={null}>
          <ProjectFormDialog
            inline
            open
            onOpenChange={() => {}}
            project={asked.name === "edit-project" ? (askedProject ?? null) : null}
            clients={staff ? clients : null}
            defaultClient={clientFilter}
          />
        </Suspense>
      ) : null}
      {asked?.name === "delete-project" && askedProject ? (
        <ConfirmDialog
          {...DELETE_PROJECT}
          open={false}
          onClose={() => {}}
          busy={false}
          onConfirm={() => {}}
          inline={{ fields: { intent: "delete", id: askedProject.id } }}
        />
      ) : null}

      {staff ? (
        <ClientFilter
          label="Filter projects"
          clients={clients}
          selected={clientFilter}
          error={filterError}
        />
      ) : null}

      {counts.total > 0 ? (
        <p className="text-sm text-muted-foreground">
          {counted(counts.total, "project")} · {counts.active} active · {counts.completed} completed
        </p>
      ) : null}

      {projects.length === 0 ? (
        <Card className="flex flex-col items-center gap-4 p-12 text-center">
          <FolderKanban className="size-12 text-muted-foreground" aria-hidden />
          <div>
            <h2 className="text-lg font-semibold">No projects yet</h2>
            {readOnly ? null : (
              <p className="text-muted-foreground">
                Create your first project to start tracking it here.
              </p>
            )}
          </div>
          {readOnly ? null : (
            <DialogOpener dialog="new-project" onOpen={openCreate}>
              <Plus aria-hidden />
              Create Project
            </DialogOpener>
          )}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard
                project={project}
                showClient={staff}
                onEdit={readOnly || !project.editable ? null : () => openEdit(project)}
                onDelete={readOnly || !project.editable ? null : () => setDeleting(project)}
              />
            </li>
          ))}
        </ul>
      )}

      <LoadMore next={next} label="Load more projects" />

      {readOnly ? null : (
        <>
          {formUsed ? (
            <Suspense fallback={null}>
              <ProjectFormDialog
                key={editing?.id ?? "new"}
                open={formOpen}
                onOpenChange={setFormOpen}
                project={editing}
                clients={staff ? clients : null}
                defaultClient={clientFilter}
              />
            </Suspense>
          ) : null}
          <DeleteProjectDialog
            project={deleting}
            onClose={() => setDeleting(null)}
            fallbackFocusRef={newProjectRef}
          />
        </>
      )}
    </div>
  );
}

function ProjectCard({
  project,
  showClient,
  onEdit,
  onDelete,
}: {
  project: ProjectItem;
  showClient: boolean;
  /** Null while the portal is read-only, or for a project the person may not change. */
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
}) {
  const item = project.id;
  return (
    <Card className="flex h-full flex-col">
      <CardHeader gap="roomy">
        <div className="flex items-start justify-between gap-2">
          <CardTitle as="h2" size="lg">
            <Link to={`/portal/projects/${project.id}`} className="hover:underline">
              {project.title}
            </Link>
          </CardTitle>
          {onEdit && onDelete ? (
            <div className="flex shrink-0 gap-1">
              <DialogOpener
                variant="ghost"
                size="icon-xs"
                dialog="edit-project"
                item={item}
                onOpen={onEdit}
              >
                <Pencil aria-hidden />
                <span className="sr-only">Edit {project.title}</span>
              </DialogOpener>
              <DialogOpener
                variant="ghost"
                size="icon-xs"
                dialog="delete-project"
                item={item}
                onOpen={onDelete}
              >
                <Trash2 aria-hidden />
                <span className="sr-only">Delete {project.title}</span>
              </DialogOpener>
            </div>
          ) : null}
        </div>
        {showClient && project.clientName ? (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <Building2 className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Client: </span>
            {project.clientName}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={project.status} />
          <PriorityBadge priority={project.priority} />
        </div>
      </CardHeader>
      <CardContent className="mt-auto space-y-3">
        {project.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{project.description}</p>
        ) : null}
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span>Progress</span>
            <span className="font-medium tabular-nums">{project.progress}%</span>
          </div>
          <Progress value={project.progress} aria-label={`${project.title} progress`} />
        </div>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <Calendar className="size-3" aria-hidden />
          Created {formatDate(project.createdAt)}
        </p>
      </CardContent>
    </Card>
  );
}

const DELETE_PROJECT = {
  title: "Delete project?",
  description: "Are you sure you want to delete this project?",
  confirmLabel: "Delete",
  busyLabel: "Deleting...",
};

function DeleteProjectDialog({
  project,
  onClose,
  fallbackFocusRef,
}: {
  project: ProjectItem | null;
  onClose: () => void;
  /** Where focus goes when the card (and its Delete button) is gone after deleting. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}) {
  const deleted = useRef(false);
  const { fetcher, busy, result } = useFormOutcome({
    onSuccess: () => {
      deleted.current = true;
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={project !== null}
      onClose={onClose}
      busy={busy}
      result={result}
      {...DELETE_PROJECT}
      onConfirm={() => {
        if (project) fetcher.submit({ intent: "delete", id: project.id }, { method: "post" });
      }}
      onCloseAutoFocus={(event) => {
        if (!deleted.current) return;
        deleted.current = false;
        event.preventDefault();
        fallbackFocusRef.current?.focus();
      }}
    />
  );
}
