package server

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

// TestClientAddress: X-Forwarded-For counts only from a trusted proxy, and
// then only its last address that is not a trusted proxy; a client that
// writes the header itself, directly or through the proxy, cannot choose
// the device the sign-in limits count.
func TestClientAddress(t *testing.T) {
	t.Parallel()
	trusted := proxies{netip.MustParsePrefix("10.0.0.0/24"), netip.MustParsePrefix("fd00::/64")}
	tests := []struct {
		name    string
		trusted proxies
		peer    string   // RemoteAddr
		xff     []string // X-Forwarded-For header lines
		want    string
	}{
		{"no proxies: the peer", nil, "192.168.1.20:5000", nil, "192.168.1.20"},
		{"no proxies: the header ignored", nil, "192.168.1.20:5000", []string{"203.0.113.9"}, "192.168.1.20"},
		{"untrusted peer spoofing", trusted, "192.168.1.20:5000", []string{"10.0.0.7"}, "192.168.1.20"},
		{"untrusted peer spoofing a chain", trusted, "192.168.1.20:5000", []string{"198.51.100.1, 10.0.0.5"}, "192.168.1.20"},
		{"trusted proxy, one tablet", trusted, "10.0.0.2:443", []string{"192.168.1.30"}, "192.168.1.30"},
		{"trusted proxy, no header: the proxy", trusted, "10.0.0.2:443", nil, "10.0.0.2"},
		{"through the proxy, a spoofed first entry", trusted, "10.0.0.2:443", []string{"1.2.3.4, 192.168.1.30"}, "192.168.1.30"},
		{"two trusted proxies in a chain", trusted, "10.0.0.2:443", []string{"1.2.3.4, 192.168.1.30, 10.0.0.3"}, "192.168.1.30"},
		{"header split over two lines", trusted, "10.0.0.2:443", []string{"1.2.3.4", "192.168.1.31"}, "192.168.1.31"},
		{"spoofed trusted address before the client", trusted, "10.0.0.2:443", []string{"10.0.0.9, 192.168.1.32"}, "192.168.1.32"},
		{"only trusted hops: the furthest", trusted, "10.0.0.2:443", []string{"10.0.0.4, 10.0.0.3"}, "10.0.0.4"},
		{"malformed entry: the hop that passed it", trusted, "10.0.0.2:443", []string{"192.168.1.30, garbage, 10.0.0.3"}, "10.0.0.3"},
		{"malformed last entry: the proxy", trusted, "10.0.0.2:443", []string{"192.168.1.30, not-an-ip"}, "10.0.0.2"},
		{"spaces and an IPv4-mapped client", trusted, "10.0.0.2:443", []string{" ::ffff:192.168.1.33 "}, "192.168.1.33"},
		{"IPv6 proxy and client", trusted, "[fd00::1]:443", []string{"2001:db8::7"}, "2001:db8::7"},
		{"IPv4-mapped trusted peer", trusted, "[::ffff:10.0.0.2]:443", []string{"192.168.1.34"}, "192.168.1.34"},
		{"peer just outside the range", trusted, "10.0.1.2:443", []string{"192.168.1.35"}, "10.0.1.2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/signin", nil)
			r.RemoteAddr = tc.peer
			for _, v := range tc.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := tc.trusted.clientAddress(r); got != tc.want {
				t.Errorf("clientAddress(peer %s, X-Forwarded-For %q) = %s; want %s", tc.peer, tc.xff, got, tc.want)
			}
		})
	}
}
