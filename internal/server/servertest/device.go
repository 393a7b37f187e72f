package servertest

import (
	"context"
	"net"
	"net/http"
	"net/http/cookiejar"
	"time"
)

// ClientFrom returns a new browser with no cookies whose connections come
// from the loopback address addr (such as "127.0.0.2"): to the kiosk, another
// device. Linux answers on the whole of 127.0.0.0/8, so tests can play a
// classroom of tablets on one machine with real TCP connections.
func (h *Harness) ClientFrom(addr string) *Client {
	ip := net.ParseIP(addr)
	if ip == nil || !ip.IsLoopback() {
		h.TB.Fatalf("ClientFrom(%q): want a loopback address such as 127.0.0.2", addr)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		h.TB.Fatal(err)
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 30 * time.Second}
	tr := &http.Transport{
		DialContext:         func(ctx context.Context, network, a string) (net.Conn, error) { return d.DialContext(ctx, network, a) },
		MaxIdleConnsPerHost: 16,
	}
	h.TB.Cleanup(tr.CloseIdleConnections)
	return &Client{
		h: h,
		http: &http.Client{
			Jar:           jar,
			Transport:     tr,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		Header: http.Header{},
	}
}
