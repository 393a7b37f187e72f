package server

import (
	"encoding/base64"
	"errors"
	"io"
	"net/http"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/dealerkiosk/trainer/web/view"
)

// The roster import in the browser (docs/classes.md, "The roster file" and
// "The import plan"): the file is uploaded and its plan previewed, row by
// row, before anything is saved; the preview carries the file back (in the
// form, never kept on the kiosk), and the commit plans it again and saves
// every accepted row at once, in the store's one transaction, or nothing.
// The commit is refused when its plan is not the one previewed (a user
// added or changed in between): the rows are shown again to be looked at.
// The PINs the kiosk makes are made at the commit and shown once, on the
// page that answers it, as a sheet of cut-out slips: the store keeps only
// their hashes.

// rosterUploadLimit bounds the upload's body: the file's own limit and
// room for the form around it.
const rosterUploadLimit = class.MaxRosterBytes + 64<<10

// handleRosterPreview reads the uploaded roster (the file field "roster")
// and shows each row's fate (class.Drive.PlanRoster).
func (s *Server) handleRosterPreview(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, rosterUploadLimit)
	data, err := rosterUpload(r)
	if err != nil {
		s.rosterRefused(w, r, c, err)
		return
	}
	plan, err := s.drive.PlanRoster(r.Context(), c, data)
	if err != nil {
		s.rosterRefused(w, r, c, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.RosterPreviewPage(s.rosterPreview(r, c, plan, data, "")), nil)
}

// rosterPreview is the preview's page: every row with its fate, and the
// form that commits the rows accepted (the file carried in it).
func (s *Server) rosterPreview(r *http.Request, c *class.Class, p *class.Plan, data []byte, notice string) templates.RosterPreviewView {
	v := view.RosterPreview(r.Context(), c, p, data, notice)
	v.Page = s.page(r, say.Msg("classes.roster.preview_title", "Class", c.Name), "classes")
	return v
}

// rosterUpload reads the uploaded file. A body past the limit is the file
// refused as too large; no file is refused in words.
func rosterUpload(r *http.Request) ([]byte, error) {
	tooLarge := refuse(trainer.KindInvalid, "class.roster.too_large", "Max", class.MaxRosterBytes>>10)
	if err := r.ParseMultipartForm(rosterUploadLimit); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, tooLarge
		}
		return nil, errClassNoFile
	}
	f, _, err := r.FormFile("roster")
	if err != nil {
		return nil, errClassNoFile
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, class.MaxRosterBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > class.MaxRosterBytes {
		return nil, tooLarge
	}
	return data, nil
}

// rosterRefused shows the class's page again with why the file was not
// read (422), or the error page for anything but a refusal.
func (s *Server) rosterRefused(w http.ResponseWriter, r *http.Request, c *class.Class, err error) {
	if k := trainer.KindOf(err); k == trainer.KindInternal {
		s.error(w, r, err)
		return
	}
	v, verr := s.classView(r, c)
	if verr != nil {
		s.error(w, r, verr)
		return
	}
	v.ImportError = messageIn(loc(r), err)
	s.render(w, r, http.StatusUnprocessableEntity, templates.ClassShowPage(v), nil)
}

// handleRosterImport commits the roster previewed: it plans the file again,
// and saves every accepted row at once when the plan is the one previewed
// (class.Drive.ImportRoster).
// It answers with the result and the slips of the PINs the kiosk made,
// shown this once.
func (s *Server) handleRosterImport(w http.ResponseWriter, r *http.Request) {
	c, err := s.drivenClass(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	if err := r.ParseForm(); err != nil {
		s.error(w, r, errUnreadableForm)
		return
	}
	data, err := base64.StdEncoding.DecodeString(r.PostForm.Get("roster"))
	if err != nil || len(data) == 0 || len(data) > class.MaxRosterBytes {
		s.error(w, r, errClassNoFile)
		return
	}
	plan, err := s.drive.PlanRoster(r.Context(), c, data)
	if err != nil {
		s.rosterRefused(w, r, c, err)
		return
	}
	if plan.Digest(c.ID) != r.PostForm.Get("digest") {
		// Someone changed the kiosk's users, or the class, since the
		// preview: the rows are shown again, as they stand now.
		s.render(w, r, http.StatusConflict, templates.RosterPreviewPage(s.rosterPreview(r, c, plan, data, "classes.roster.changed")), nil)
		return
	}
	if plan.Count(class.FateAdd)+plan.Count(class.FateJoin) == 0 {
		s.render(w, r, http.StatusConflict, templates.RosterPreviewPage(s.rosterPreview(r, c, plan, data, "classes.roster.nothing")), nil)
		return
	}
	if err := s.drive.ImportRoster(r.Context(), c, plan); err != nil {
		if trainer.KindOf(err) == trainer.KindInternal {
			s.error(w, r, err)
			return
		}
		v := s.rosterPreview(r, c, plan, data, "")
		v.Problem = messageIn(loc(r), err)
		var ie *trainer.ClassImportError
		if errors.As(err, &ie) {
			v.ProblemName = ie.Name
		}
		s.render(w, r, http.StatusConflict, templates.RosterPreviewPage(v), nil)
		return
	}
	s.live.Poke()
	v := s.view.RosterResult(c, plan)
	v.Page = s.page(r, say.Msg("classes.roster.result_title", "Class", c.Name), "classes")
	s.render(w, r, http.StatusOK, templates.RosterResultPage(v), nil)
}
