// RUN: relax-opt %s -split-input-file -verify-diagnostics > /dev/null
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<' + '(' * 6000 + 'n' + ')' * 6000 + '>}')" \
// RUN:   | not relax-opt 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<' + ' + '.join('v%d' % i for i in range(10000)) + ' - v9999>}')" \
// RUN:   | relax-opt | FileCheck %s --check-prefix=SUM
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<' + ' + '.join('v%d' % i for i in range(10001)) + '>}')" \
// RUN:   | not relax-opt 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<max(' + ', '.join('v%d + %d' % (i % 100, i) for i in range(10000)) + ')>}')" \
// RUN:   | relax-opt | FileCheck %s --check-prefix=MAX
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<' + ' * '.join('(a%d + b%d)' % (i, i) for i in range(12)) + ' mod (a12 + b12) * a13>}')" \
// RUN:   | relax-opt | FileCheck %s --check-prefix=NODES
// RUN: %python -c "print('func.func private @f() attributes {e = #sym.expr<' + ' * '.join('(a%d + b%d)' % (i, i) for i in range(13)) + ' mod (a13 + b13) * (' + ' + '.join('c%d' % i for i in range(9)) + ')>}')" \
// RUN:   | not relax-opt 2>&1 | FileCheck %s --check-prefix=LARGE

// Limits of symbolic expressions: nesting (every walk of an expression
// recurses on its operands), the terms of expanded products and the nodes
// of the expression written out. Each case
// must stay fast.

// DEEP: error: symbolic expression is nested deeper than 256

// A sum of many terms is built at once, not term by term.
// SUM: e = #sym.expr<v0 + v1 + v10 + v100 + v1000 +
// SUM-NOT: v9999
// SUM-SAME: >

// LONG: error: symbolic expression has more than 10000 terms

// Operands of min and max are compared only with those that differ from
// them by a constant.
// MAX: e = #sym.expr<max(v0 + 9900, v1 + 9901,
// MAX-SAME: v99 + 9999)>

// An atom over a long sum is written out once per term it appears in: a
// `mod` of 4096 terms of 12 factors (about 57,000 nodes) times a variable
// is accepted. One of 8192 terms of 13 factors (about 115,000 nodes) times
// a sum of 9 terms would be written 9 times, past the limit of 1,000,000
// nodes; it is refused at once instead of built.
// NODES: e = #sym.expr<a13 * ((a0 * a1
// LARGE: error: symbolic expression has more than 1000000 nodes

// Parentheses up to the limit are accepted.
func.func private @nesting_ok() attributes {e = #sym.expr<((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((n))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>}

// -----

// expected-error @+1 {{symbolic expression is nested deeper than 256}}
func.func private @nesting_parens() attributes {e = #sym.expr<(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((n)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>}

// -----

// expected-error @+1 {{symbolic expression is nested deeper than 256}}
func.func private @nesting_minus() attributes {e = #sym.expr<-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(-(n)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>}

// -----

// expected-error @+1 {{symbolic expression is nested deeper than 256}}
func.func private @nesting_min() attributes {e = #sym.expr<min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(min(n)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))>}

// -----

// A chain of divisions by variables nests without parentheses.
// expected-error @+1 {{symbolic expression is nested deeper than 256}}
func.func private @nesting_floordiv() attributes {e = #sym.expr<a floordiv b0 floordiv b1 floordiv b2 floordiv b3 floordiv b4 floordiv b5 floordiv b6 floordiv b7 floordiv b8 floordiv b9 floordiv b10 floordiv b11 floordiv b12 floordiv b13 floordiv b14 floordiv b15 floordiv b16 floordiv b17 floordiv b18 floordiv b19 floordiv b20 floordiv b21 floordiv b22 floordiv b23 floordiv b24 floordiv b25 floordiv b26 floordiv b27 floordiv b28 floordiv b29 floordiv b30 floordiv b31 floordiv b32 floordiv b33 floordiv b34 floordiv b35 floordiv b36 floordiv b37 floordiv b38 floordiv b39 floordiv b40 floordiv b41 floordiv b42 floordiv b43 floordiv b44 floordiv b45 floordiv b46 floordiv b47 floordiv b48 floordiv b49 floordiv b50 floordiv b51 floordiv b52 floordiv b53 floordiv b54 floordiv b55 floordiv b56 floordiv b57 floordiv b58 floordiv b59 floordiv b60 floordiv b61 floordiv b62 floordiv b63 floordiv b64 floordiv b65 floordiv b66 floordiv b67 floordiv b68 floordiv b69 floordiv b70 floordiv b71 floordiv b72 floordiv b73 floordiv b74 floordiv b75 floordiv b76 floordiv b77 floordiv b78 floordiv b79 floordiv b80 floordiv b81 floordiv b82 floordiv b83 floordiv b84 floordiv b85 floordiv b86 floordiv b87 floordiv b88 floordiv b89 floordiv b90 floordiv b91 floordiv b92 floordiv b93 floordiv b94 floordiv b95 floordiv b96 floordiv b97 floordiv b98 floordiv b99 floordiv b100 floordiv b101 floordiv b102 floordiv b103 floordiv b104 floordiv b105 floordiv b106 floordiv b107 floordiv b108 floordiv b109 floordiv b110 floordiv b111 floordiv b112 floordiv b113 floordiv b114 floordiv b115 floordiv b116 floordiv b117 floordiv b118 floordiv b119 floordiv b120 floordiv b121 floordiv b122 floordiv b123 floordiv b124 floordiv b125 floordiv b126 floordiv b127 floordiv b128 floordiv b129 floordiv b130 floordiv b131 floordiv b132 floordiv b133 floordiv b134 floordiv b135 floordiv b136 floordiv b137 floordiv b138 floordiv b139 floordiv b140 floordiv b141 floordiv b142 floordiv b143 floordiv b144 floordiv b145 floordiv b146 floordiv b147 floordiv b148 floordiv b149 floordiv b150 floordiv b151 floordiv b152 floordiv b153 floordiv b154 floordiv b155 floordiv b156 floordiv b157 floordiv b158 floordiv b159 floordiv b160 floordiv b161 floordiv b162 floordiv b163 floordiv b164 floordiv b165 floordiv b166 floordiv b167 floordiv b168 floordiv b169 floordiv b170 floordiv b171 floordiv b172 floordiv b173 floordiv b174 floordiv b175 floordiv b176 floordiv b177 floordiv b178 floordiv b179 floordiv b180 floordiv b181 floordiv b182 floordiv b183 floordiv b184 floordiv b185 floordiv b186 floordiv b187 floordiv b188 floordiv b189 floordiv b190 floordiv b191 floordiv b192 floordiv b193 floordiv b194 floordiv b195 floordiv b196 floordiv b197 floordiv b198 floordiv b199 floordiv b200 floordiv b201 floordiv b202 floordiv b203 floordiv b204 floordiv b205 floordiv b206 floordiv b207 floordiv b208 floordiv b209 floordiv b210 floordiv b211 floordiv b212 floordiv b213 floordiv b214 floordiv b215 floordiv b216 floordiv b217 floordiv b218 floordiv b219 floordiv b220 floordiv b221 floordiv b222 floordiv b223 floordiv b224 floordiv b225 floordiv b226 floordiv b227 floordiv b228 floordiv b229 floordiv b230 floordiv b231 floordiv b232 floordiv b233 floordiv b234 floordiv b235 floordiv b236 floordiv b237 floordiv b238 floordiv b239 floordiv b240 floordiv b241 floordiv b242 floordiv b243 floordiv b244 floordiv b245 floordiv b246 floordiv b247 floordiv b248 floordiv b249 floordiv b250 floordiv b251 floordiv b252 floordiv b253 floordiv b254 floordiv b255 floordiv b256 floordiv b257 floordiv b258 floordiv b259 floordiv b260 floordiv b261 floordiv b262 floordiv b263 floordiv b264 floordiv b265 floordiv b266 floordiv b267 floordiv b268 floordiv b269 floordiv b270 floordiv b271 floordiv b272 floordiv b273 floordiv b274 floordiv b275 floordiv b276 floordiv b277 floordiv b278 floordiv b279 floordiv b280 floordiv b281 floordiv b282 floordiv b283 floordiv b284 floordiv b285 floordiv b286 floordiv b287 floordiv b288 floordiv b289 floordiv b290 floordiv b291 floordiv b292 floordiv b293 floordiv b294 floordiv b295 floordiv b296 floordiv b297 floordiv b298 floordiv b299>}

// -----

// 2^10 terms.
func.func private @product_ok() attributes {e = #sym.expr<(a0 + b0) * (a1 + b1) * (a2 + b2) * (a3 + b3) * (a4 + b4) * (a5 + b5) * (a6 + b6) * (a7 + b7) * (a8 + b8) * (a9 + b9)>}

// -----

// expected-error @+1 {{expanding a product of sums of 8192 and 2 terms exceeds the limit of 10000 terms}}
func.func private @product_too_large() attributes {e = #sym.expr<(a0 + b0) * (a1 + b1) * (a2 + b2) * (a3 + b3) * (a4 + b4) * (a5 + b5) * (a6 + b6) * (a7 + b7) * (a8 + b8) * (a9 + b9) * (a10 + b10) * (a11 + b11) * (a12 + b12) * (a13 + b13) * (a14 + b14)>}

// -----

// A monomial times a long sum does not grow: no limit.
func.func private @scaled_sum() attributes {e = #sym.expr<n * m * (v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v10 + v11 + v12 + v13 + v14 + v15 + v16 + v17 + v18 + v19 + v20 + v21 + v22 + v23 + v24 + v25 + v26 + v27 + v28 + v29 + v30 + v31 + v32 + v33 + v34 + v35 + v36 + v37 + v38 + v39 + v40 + v41 + v42 + v43 + v44 + v45 + v46 + v47 + v48 + v49 + v50 + v51 + v52 + v53 + v54 + v55 + v56 + v57 + v58 + v59 + v60 + v61 + v62 + v63 + v64 + v65 + v66 + v67 + v68 + v69 + v70 + v71 + v72 + v73 + v74 + v75 + v76 + v77 + v78 + v79 + v80 + v81 + v82 + v83 + v84 + v85 + v86 + v87 + v88 + v89 + v90 + v91 + v92 + v93 + v94 + v95 + v96 + v97 + v98 + v99 + v100 + v101 + v102 + v103 + v104 + v105 + v106 + v107 + v108 + v109 + v110 + v111 + v112 + v113 + v114 + v115 + v116 + v117 + v118 + v119 + v120 + v121 + v122 + v123 + v124 + v125 + v126 + v127 + v128 + v129 + v130 + v131 + v132 + v133 + v134 + v135 + v136 + v137 + v138 + v139 + v140 + v141 + v142 + v143 + v144 + v145 + v146 + v147 + v148 + v149 + v150 + v151 + v152 + v153 + v154 + v155 + v156 + v157 + v158 + v159 + v160 + v161 + v162 + v163 + v164 + v165 + v166 + v167 + v168 + v169 + v170 + v171 + v172 + v173 + v174 + v175 + v176 + v177 + v178 + v179 + v180 + v181 + v182 + v183 + v184 + v185 + v186 + v187 + v188 + v189 + v190 + v191 + v192 + v193 + v194 + v195 + v196 + v197 + v198 + v199)>}
