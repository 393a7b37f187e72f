package server

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/dealerkiosk/trainer/internal/class"
	"github.com/dealerkiosk/trainer/internal/trainer"
	"github.com/dealerkiosk/trainer/web/say"
	"github.com/dealerkiosk/trainer/web/templates"
	"github.com/go-chi/chi/v5"
)

// A live drill's report (class.Report): per trainee and per question, right
// or wrong and the time, as a printable page and as CSV. Every member of
// staff of the class's site reads it, as they read the dashboard.

func reportURL(classID, runID int64) string { return templates.ClassReportURL(classID, runID) }

// classReport reads the live drill of the route's {run} for the class of
// {id} and its report (class.Drive.Report). Returns
// trainer.ErrClassRunNotFound for a drill of another class.
func (s *Server) classReport(r *http.Request) (*class.Class, *trainer.ClassRunRecord, *class.Report, error) {
	c, err := s.staffClass(r)
	if err != nil {
		return nil, nil, nil, err
	}
	runID, err := strconv.ParseInt(chi.URLParam(r, "run"), 10, 64)
	if err != nil {
		return nil, nil, nil, trainer.ErrClassRunNotFound
	}
	rec, rep, err := s.drive.Report(r.Context(), c, runID)
	if err != nil {
		return nil, nil, nil, err
	}
	return c, rec, rep, nil
}

// handleClassReport is the report's printable page.
func (s *Server) handleClassReport(w http.ResponseWriter, r *http.Request) {
	c, rec, rep, err := s.classReport(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := s.view.ClassReport(c, rec, rep)
	v.Page = s.page(r, say.Msg("classes.report.title", "Class", c.Name), "classes")
	s.render(w, r, http.StatusOK, templates.ReportPage(v), nil)
}

// handleClassReportCSV is the report as CSV (class.Report.WriteCSV): the
// header in the reader's language, the values for programs.
func (s *Server) handleClassReportCSV(w http.ResponseWriter, r *http.Request) {
	c, rec, rep, err := s.classReport(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="class-%d-drill-%d.csv"`, c.ID, rec.Run.ID))
	if err := rep.WriteCSV(w, loc(r)); err != nil {
		s.logError(r, err)
	}
}
