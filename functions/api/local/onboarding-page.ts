/**
 * The local stand-in for Stripe's hosted onboarding page (local stack only): a plain Japanese form for the bank
 * account payouts go to. Bank and branch names appear as the codes are typed (from `zengin-code`); the server
 * checks everything again and answers each field's problem in Japanese.
 */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function onboardingPage(input: {
  accountId: string;
  token: string;
  businessName: string;
  valid: boolean;
}): string {
  const head = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>売上の振込先の登録（ローカル環境）</title>
<style>
body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;max-width:560px;margin:0 auto;padding:24px 16px;color:#1f2933;line-height:1.6}
h1{font-size:1.4rem}.note{background:#fff4e5;border-left:4px solid #ed6c02;padding:8px 12px;font-size:.9rem}
label{display:block;font-weight:600;margin-top:16px}input,select{width:100%;box-sizing:border-box;font-size:1rem;padding:8px;border:1px solid #9aa5b1;border-radius:4px}
.hint{font-size:.85rem;color:#52606d}.error{color:#b3261e;font-size:.9rem;min-height:1.2em}.name{font-size:.9rem;color:#0b6e4f;min-height:1.2em}
button{margin-top:24px;width:100%;padding:12px;font-size:1rem;background:#1565c0;color:#fff;border:0;border-radius:4px;cursor:pointer}button:disabled{opacity:.6}
</style></head><body>`;
  if (!input.valid) {
    return `${head}<h1>このリンクは使用できません</h1><p>登録用のリンクが正しくないか、すでに使用されています。ホスト管理画面の「売上・振込」から、もう一度登録を始めてください。</p></body></html>`;
  }
  return `${head}
<p class="note">ローカル環境のテスト用ページです。本番では Stripe の登録ページ（本人確認・口座登録）が表示されます。</p>
<h1>売上の振込先の登録</h1>
<p>${escapeHtml(input.businessName)} 様の売上を振り込む銀行口座を登録してください。</p>
<form id="f" novalidate>
<label for="bankCode">金融機関コード（4桁）</label><input id="bankCode" name="bankCode" inputmode="numeric" maxlength="4" autocomplete="off" aria-describedby="bankCode-name bankCode-error" required>
<div class="name" id="bankCode-name" aria-live="polite"></div><div class="error" id="bankCode-error" role="alert"></div>
<label for="branchCode">支店コード（3桁）</label><input id="branchCode" name="branchCode" inputmode="numeric" maxlength="3" autocomplete="off" aria-describedby="branchCode-name branchCode-error" required>
<div class="name" id="branchCode-name" aria-live="polite"></div><div class="error" id="branchCode-error" role="alert"></div>
<label for="accountType">口座種別</label><select id="accountType" name="accountType"><option value="futsu">普通</option><option value="toza">当座</option></select>
<label for="accountNumber">口座番号（7桁）</label><input id="accountNumber" name="accountNumber" inputmode="numeric" maxlength="7" autocomplete="off" aria-describedby="accountNumber-error" required>
<div class="hint">7桁未満の場合は先頭に0を付けてください。</div><div class="error" id="accountNumber-error" role="alert"></div>
<label for="accountHolderName">口座名義（カタカナ）</label><input id="accountHolderName" name="accountHolderName" autocomplete="off" aria-describedby="accountHolderName-error" required placeholder="ヤマダ ハナコ">
<div class="error" id="accountHolderName-error" role="alert"></div>
<div class="error" id="form-error" role="alert"></div>
<button type="submit" id="submit">登録する</button>
</form>
<script>
const accountId=${JSON.stringify(input.accountId).replace(/</g, '\\u003c')},token=${JSON.stringify(input.token).replace(/</g, '\\u003c')};
const $=(id)=>document.getElementById(id);
async function names(){const b=$('bankCode').value.trim(),br=$('branchCode').value.trim();
if(!/^\\d{4}$/.test(b)){$('bankCode-name').textContent='';$('branchCode-name').textContent='';return;}
const r=await fetch('/api/local-payments/banks/'+b+'?branch='+encodeURIComponent(br));const j=await r.json();
$('bankCode-name').textContent=j.bankName?j.bankName:'';$('bankCode-error').textContent=j.bankName?'':'この金融機関コードは見つかりません。';
$('branchCode-name').textContent=j.branchName?j.branchName:'';if(/^\\d{3}$/.test(br))$('branchCode-error').textContent=j.branchName?'':'この支店コードは見つかりません。';}
$('bankCode').addEventListener('input',names);$('branchCode').addEventListener('input',names);
$('f').addEventListener('submit',async(e)=>{e.preventDefault();for(const el of document.querySelectorAll('.error'))el.textContent='';
const body={token};for(const k of ['bankCode','branchCode','accountNumber','accountHolderName'])body[k]=$(k).value;
$('submit').disabled=true;$('submit').textContent='登録しています…';
try{const r=await fetch('/api/local-payments/onboarding/'+encodeURIComponent(accountId),{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});
const j=await r.json();if(r.ok){location.href=j.returnUrl||'/host/earnings';return;}
const fields=(j.error&&j.error.fields)||{};let first=null;for(const [k,m] of Object.entries(fields)){const el=$(k+'-error');if(el){el.textContent=m;first=first||k;}}
$('form-error').textContent=(j.error&&j.error.message)||'登録できませんでした。';if(first)$(first).focus();}
catch{$('form-error').textContent='通信に失敗しました。もう一度お試しください。';}
$('submit').disabled=false;$('submit').textContent='登録する';});
</script></body></html>`;
}
